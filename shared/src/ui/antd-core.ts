/**
 * The antd components the sign-in page and the shell's frame need before anyone signs in, shared
 * as their own singleton so that /signin does not download the whole list of antd.ts (measured:
 * see docs). Every name here is also in antd.ts. The shell provides both modules from one build,
 * and the first provider of a shared module wins, so they resolve to the same antd modules in the
 * browser (one ConfigProvider, one theme).
 */
export { App, Button, ConfigProvider, Flex, Form, Input, Spin, Typography, theme } from 'antd';
export type { InputRef, ThemeConfig } from 'antd';
