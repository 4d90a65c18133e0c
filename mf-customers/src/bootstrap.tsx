// The remote runs inside the shell only: the shell loads remoteEntry.js and mounts `./pages`
// (src/exposes/pages.tsx) in its router, store and layout. Nothing starts on its own here.
export {};
