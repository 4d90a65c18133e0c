/**
 * The antd components every signed-in page needs first (theme, the frame's buttons,
 * spinners and texts), shared as their own singleton so that the first page does not download the
 * whole list of antd.ts (measured: see docs). Every name here is also in antd.ts. The shell
 * provides every antd-* module from one build, and the first provider of a shared module wins, so
 * they resolve to the same antd modules in the browser (one ConfigProvider, one theme). Form is
 * not here: with its validation library it weighs about as much as the rest, and no first page
 * uses it.
 */
export { Button, ConfigProvider, Flex, Input, Spin, Typography, theme } from 'antd';
export type { InputRef, ThemeConfig } from 'antd';
/**
 * antd's App context without App itself (its message, notification and modal code weighs about
 * 24 KB gzipped): the shell provides this context with toasts and dialogs that load on first use
 * (shell/src/app/toasts.tsx), and `App.useApp()` (antd.ts) reads this same context.
 */
export { default as AppContext } from 'antd/es/app/context';
export type { useAppProps as AppApi } from 'antd/es/app/context';
