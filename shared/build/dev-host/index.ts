// The async boundary: the shared modules (react, antd, the store…) are negotiated before the host runs.
void import('./dev-host-app');
