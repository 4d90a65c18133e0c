import type { PageMeta } from '@lender/shared/contract/common';

export interface PageRequest {
  page: number;
  pageSize: number;
}

export const offsetOf = ({ page, pageSize }: PageRequest) => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
});

/** totalPages is at least 1 so that the client's "Page 1 of 1" reads right on an empty list. */
export const pageMeta = ({ page, pageSize }: PageRequest, total: number): PageMeta => ({
  page,
  pageSize,
  total,
  totalPages: Math.max(1, Math.ceil(total / pageSize)),
});
