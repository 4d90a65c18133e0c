// The async boundary: the shared modules (react, antd, the store…) are negotiated before the host runs.
import('./dev-host-app');
