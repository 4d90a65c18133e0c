/**
 * antd's AutoComplete alone (it brings antd's Select), for the shell's header search, loaded when
 * the user first reaches for the search. Also in antd.ts; provided by the shell like every antd-*
 * module (see shared/build).
 */
export { AutoComplete } from 'antd';
