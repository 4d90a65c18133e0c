// What `npm run demo` prints for a person to paste into another terminal: the server's address and
// the paybill simulator's command, spelled out in full (the URL, the secret), so that the command
// works in a new terminal where neither PORT nor MPESA_CALLBACK_SECRET is set.

/** The address a browser on this machine opens: PORT (default 8080) on HOST, localhost for a wildcard or loopback. */
export function serverUrl(env) {
  const port = env.PORT?.trim() || '8080';
  const host = env.HOST?.trim() || '127.0.0.1';
  const local = ['127.0.0.1', 'localhost', '0.0.0.0', '::', '::1'].includes(host);
  const name = local ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** `npm run mpesa:simulate` with the server's URL and secret (api/src/scripts/mpesa-simulate.ts flags). */
export function simulatorCommand(env) {
  return (
    `npm run mpesa:simulate -- --url ${serverUrl(env)} --secret ${env.MPESA_CALLBACK_SECRET} ` +
    "--account <the loan's account number> --amount 1500"
  );
}
