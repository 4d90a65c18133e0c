// The remote a dev host shows: webpack aliases these to its src/exposes/pages.tsx and
// src/contributions.ts (create-webpack-config.mjs, standalone mode).
declare module 'lender-dev-host/pages' {
  export const pages: import('@lender/shared/client/remote-pages').RemotePagesModule['pages'];
}
declare module 'lender-dev-host/contributions' {
  export const contributions: import('@lender/shared/contract/remote-manifest').RemoteContributions;
}
