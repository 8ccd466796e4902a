import type { Department } from '../../lib/departments';

export function refundsPath(department: Department): string {
  return `/${department.prefix}/refunds/`;
}

export function refundVoucherPath(department: Department, number: number): string {
  return `/${department.prefix}/refunds/${number}`;
}
