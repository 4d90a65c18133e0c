/** "Jane Wanjiru": how a customer is named on every screen and in every accessible name. */
export const customerFullName = (customer: { first_name: string; last_name: string }): string =>
  `${customer.first_name} ${customer.last_name}`.trim();
