import type { Role } from './roles';

/**
 * Who may do what (docs/product.md#roles-and-scope): one table read by the server's checks, the shell's menu and
 * the remotes' buttons, so that an action is offered to exactly the roles the server allows.
 * `label` finishes the server's refusal "Only admins can …". Scope (an officer's own book) is the
 * services' business, not this table's.
 */
export const PERMISSIONS = {
  'users.create': { roles: ['admin'], label: 'create users' },
  'users.list': { roles: ['admin'], label: 'list users' },
  'users.edit': { roles: ['admin'], label: 'edit users' },
  'users.deactivate': { roles: ['admin'], label: 'deactivate users' },
  'users.reactivate': { roles: ['admin'], label: 'reactivate users' },
  'users.resetPassword': { roles: ['admin'], label: "reset users' passwords" },
  'signInThrottles.list': { roles: ['admin'], label: 'see sign-in throttles' },
  'signInThrottles.clear': { roles: ['admin'], label: 'clear sign-in throttles' },
  'targets.set': { roles: ['admin'], label: 'set targets' },
  'customers.register': { roles: ['admin', 'officer'], label: 'register customers' },
  'customers.delete': { roles: ['admin'], label: 'delete customers' },
  'customers.edit': { roles: ['admin'], label: 'edit customers' },
  'products.create': { roles: ['admin'], label: 'create loan products' },
  'applications.submit': { roles: ['admin', 'officer'], label: 'submit loan applications' },
  'applications.approve': { roles: ['admin'], label: 'approve loan applications' },
  'applications.reject': { roles: ['admin'], label: 'reject loan applications' },
  'loans.disburse': { roles: ['admin'], label: 'disburse loans' },
  'loans.lock': { roles: ['admin'], label: 'lock phones' },
  'loans.repossess': { roles: ['admin'], label: 'repossess phones' },
  'loans.edit': { roles: ['admin'], label: 'edit loans' },
  'loans.addNote': { roles: ['admin', 'officer'], label: 'add loan notes' },
  'repayments.record': { roles: ['admin', 'officer'], label: 'record repayments' },
  'repayments.approve': { roles: ['admin'], label: 'approve repayments' },
  'repayments.reject': { roles: ['admin'], label: 'reject repayments' },
  'mpesa.suspense': { roles: ['admin'], label: 'resolve unmatched M-Pesa payments' },
  'backups.status': { roles: ['admin'], label: 'see backups' },
  'devices.manage': { roles: ['admin'], label: 'retry device commands and clear device alerts' },
  'messages.send': { roles: ['admin', 'officer'], label: 'send messages to customers' },
  'messages.templates': { roles: ['admin'], label: 'edit message templates' },
  'messages.costs': { roles: ['admin'], label: 'see what messages cost' },
  'settings.edit': { roles: ['admin'], label: 'change the lender settings' },
  'customers.reminders': { roles: ['admin', 'officer'], label: "change customers' reminder choice" },
} as const satisfies Record<string, { roles: readonly Role[]; label: string }>;

export type Action = keyof typeof PERMISSIONS;

/** Whether `role` may do `action`; nobody without a role may do anything. */
export function can(role: Role | null | undefined, action: Action): boolean {
  if (!role) return false;
  return (PERMISSIONS[action].roles as readonly Role[]).includes(role);
}

/** The roles that may do `action` (a remote's page declaration's `permission` becomes its route's roles here). */
export function rolesFor(action: Action): Role[] {
  return [...PERMISSIONS[action].roles];
}

/** The server's refusal for a role outside `action`'s roles: "Only admins can create loan products". */
export function refusalOf(action: Action): string {
  const { roles, label } = PERMISSIONS[action];
  return `Only ${roles.map((role) => `${role}s`).join(' and ')} can ${label}`;
}
