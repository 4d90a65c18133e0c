/**
 * antd's Drawer alone, for the shell's sidebar on small screens: a desktop never downloads it.
 * Also in antd.ts; provided by the shell like every antd-* module (see shared/build).
 */
export { Drawer } from 'antd';
