import CustomerDetailsModal from '../features/customer-details/components/customer-details-modal';
import CustomersListPage from '../features/customers-list/components/customers-list-page';

/** All Customers: the list feature, with the details feature as its View modal (features never import each other). */
export default function CustomersPage() {
  return <CustomersListPage DetailsModal={CustomerDetailsModal} />;
}
