/**
 * The antd components of the dashboard's status cards (the admin's backup card): shared as their
 * own singleton so that the first page after sign-in does not download the whole list of antd.ts
 * (196 KB gzipped). Every name here is also in antd.ts; the shell provides it with the other
 * antd-* modules (shared/build/shared-modules.mjs).
 */
export { Alert, Card, Statistic } from 'antd';
