//! /admin (docs/admin-contract.md), reached from the bottom navigation's Admin item (admins only);
//! not blocked at route level: the server answers 403 and the page shows Access Denied.
import { AdminScreen } from '@/features/admin/components/admin-screen';

export default function AdminPage() {
  return <AdminScreen />;
}
