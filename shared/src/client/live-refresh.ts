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

/**
 * While something a page shows is on its way (a device command the provider has not confirmed, a
 * message not yet sent), it is asked for again this often, so that "lock requested" turns to
 * "locked" or a delivery report appears within seconds (issue 35).
 */
export const IN_FLIGHT_REFRESH_MS = 3_000;

/** The fast asking lasts this long at most, then the page falls back to liveRefresh. */
export const IN_FLIGHT_WINDOW_MS = 60_000;

/** liveRefresh, or every IN_FLIGHT_REFRESH_MS while `inFlight`. */
export const liveRefreshWhile = (inFlight: boolean) =>
  ({ pollingInterval: inFlight ? IN_FLIGHT_REFRESH_MS : LIVE_REFRESH_MS }) as const;
