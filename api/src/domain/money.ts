/**
 * Money as integer cents now lives in the contract package, shared with the frontends (the loan
 * cost preview computes exactly as the server): @lender/shared/domain/cents. This re-export keeps
 * imports written before the move working; new code imports the shared module.
 */
export * from '@lender/shared/domain/cents';
