import { createRemoteConfig } from '@lender/shared/build/create-webpack-config.mjs';

// Name, port, exposed pages and contributions: the same for every remote (shared/build/apps.mjs).
export default createRemoteConfig(import.meta.url);
