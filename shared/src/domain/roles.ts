export const ROLES = ['admin', 'officer'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', officer: 'Officer' };
export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);
