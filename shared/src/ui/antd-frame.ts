/**
 * The antd components of the shell's frame around every signed-in page (sidebar, header, search,
 * user menu, a remote's failure), shared as their own singleton so that the frame does not
 * download the whole list of antd.ts. Every name here is also in antd.ts; together with
 * antd-core.ts this is all the shell needs before a page asks for more. The shell provides all
 * the antd-* modules from its one build (see shared/build), so they share one antd.
 */
export { AutoComplete, Avatar, Drawer, Dropdown, Layout, Menu, Result } from 'antd';
export type { MenuProps } from 'antd';
