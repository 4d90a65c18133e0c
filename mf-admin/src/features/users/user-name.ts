import type { User } from '@lender/shared/contract/users';

/** "Amina Odhiambo": how the users page and its dialogs name a user. */
export const fullName = (user: Pick<User, 'first_name' | 'last_name'>) =>
  `${user.first_name} ${user.last_name}`;
