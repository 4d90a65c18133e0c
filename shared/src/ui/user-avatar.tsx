import { Avatar } from '@lender/shared/ui/antd-frame';

const DEFAULT_AVATAR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#e4e7ec"/>' +
  '<circle cx="32" cy="25" r="12" fill="#98a2b3"/><path d="M10 60c2-13 11-20 22-20s20 7 22 20z" fill="#98a2b3"/></svg>';

/** The image shown when a user has no avatar (docs/product.md#browser-data). */
export const DEFAULT_AVATAR = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(DEFAULT_AVATAR_SVG)}`;

interface UserAvatarProps {
  src: string | null | undefined;
  /** Full name, used as the image's alternative text. */
  name: string;
  size?: number;
}

/** A staff member's avatar, or the default image when there is none. */
export function UserAvatar({ src, name, size = 40 }: UserAvatarProps) {
  return <Avatar size={size} src={src || DEFAULT_AVATAR} alt={name} />;
}
