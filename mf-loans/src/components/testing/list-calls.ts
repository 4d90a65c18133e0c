/**
 * A list page's own requests, without those of its filters' choices (the products, and for admins
 * the officers), which the page asks for alongside.
 */
export const listCalls = <Call extends { url: string }>(calls: Call[]): Call[] =>
  calls.filter((call) => !/^\/api\/(loanProducts|users\/officers)\b/.test(call.url));
