/**
 * The icons the sign-in page needs, shared as their own singleton so that /signin does not
 * download every icon of icons.ts. Every name here is also in icons.ts.
 */
export { EyeInvisibleOutlined, EyeOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
