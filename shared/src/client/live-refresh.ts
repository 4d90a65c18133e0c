/**
 * How an open list keeps up with what happens elsewhere (a paybill payment M-Pesa confirmed, a
 * colleague's approval) without a reload: RTK Query re-asks for the page on an interval. Chosen
 * over a push channel because it needs nothing shared between API instances and passes every
 * proxy; the cost is one index-backed page query per open list every 15 s (hidden tabs' timers
 * are slowed by the browser). Changes made in this browser refresh at once (dataChanged tags).
 */
export const LIVE_REFRESH_MS = 15_000;

/** The options to pass to a list's or a dashboard's query hook. */
export const liveRefresh = { pollingInterval: LIVE_REFRESH_MS } as const;
