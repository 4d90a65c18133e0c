// The icons a remote may name for its menu group, by these names (see menu-entries.ts).
export {
  AppstoreOutlined,
  BankOutlined,
  DashboardOutlined,
  DollarOutlined,
  FileTextOutlined,
  ShoppingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@lender/shared/ui/icons';
