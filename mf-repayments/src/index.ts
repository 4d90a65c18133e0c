// The async boundary: shared singletons (react, antd via @lender/shared/ui, …) are negotiated
// before any of this remote's code runs.
void import('./bootstrap');
