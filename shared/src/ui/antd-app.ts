/**
 * antd's App alone (its message, notification and modal holders), which the shell mounts when the
 * first toast or dialog is asked for, or on the first key or pointer press (shell/src/app/toasts.tsx):
 * a page that only shows figures never loads it. Also in antd.ts; provided by the shell like every
 * antd-* module (see shared/build).
 */
export { App } from 'antd';
