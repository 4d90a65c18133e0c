// The async boundary: Module Federation negotiates the shared singletons before the app loads.
void import('./bootstrap');
