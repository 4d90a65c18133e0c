/**
 * The antd components of the shell's frame around every signed-in page (sidebar, header, user
 * menu), shared as their own singleton so that the frame does not download the whole list of
 * antd.ts. Every name here is also in antd.ts; with antd-core.ts this is all the shell needs
 * before a page asks for more (the mobile sidebar's Drawer is in antd-drawer.ts, the search's
 * AutoComplete in antd-search.ts, each loaded when needed). The shell provides all the antd-*
 * modules from its one build (see shared/build), so they share one antd.
 */
export { Avatar, Dropdown, Layout, Menu } from 'antd';
export type { MenuProps } from 'antd';
