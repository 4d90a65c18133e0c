import type { CreateProductRequest, Product } from '@lender/shared/contract/products';
import { isUniqueViolation } from '../../db/client';
import { ConflictError } from '../../domain/errors';
import { formatCents, toCents, toMoneyNumber } from '@lender/shared/domain/cents';
import type { Caller } from '../../plugins/auth';
import type { ServiceContext } from '../service-context';
import { findProductByName, insertProduct, listProducts, type ProductRow } from './repository';

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    min_amount: toMoneyNumber(toCents(row.minAmount)),
    max_amount: toMoneyNumber(toCents(row.maxAmount)),
    interest_rate: Number(row.interestRate),
    duration_days: row.durationDays,
  };
}

/** Every loan product, ordered by name (all staff). */
export async function listLoanProducts(ctx: ServiceContext): Promise<Product[]> {
  return (await listProducts(ctx.db)).map(toProduct);
}

/**
 * Creates a loan product (docs/product.md#loan-product-rules; admins only, the route checks the role). The contract
 * has checked the amounts, rate and duration; the name must be new case-insensitively (409). The
 * check before writing gives the usual answer, the unique index on lower(name) settles a race.
 */
export async function createLoanProduct(
  ctx: ServiceContext,
  caller: Caller,
  input: CreateProductRequest,
): Promise<Product> {
  const conflict = () => new ConflictError(`A loan product named "${input.name}" already exists`, 'name');
  if (await findProductByName(ctx.db, input.name)) throw conflict();
  try {
    return await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      const row = await insertProduct(tx, {
        name: input.name,
        description: input.description,
        minAmount: formatCents(toCents(input.minAmount)),
        maxAmount: formatCents(toCents(input.maxAmount)),
        interestRate: formatCents(toCents(input.interestRate)),
        durationDays: input.durationDays,
        createdBy: caller.id,
        createdAt: now,
        updatedAt: now,
      });
      const product = toProduct(row);
      await ctx.audit.record(tx, {
        actorId: caller.id,
        action: 'loan_product.created',
        entity: 'loan_product',
        entityId: row.id,
        after: product,
      });
      return product;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'loan_products_name_lower_key')) throw conflict();
    throw error;
  }
}

// What other modules use of this module's repository, offered here (modules are sealed: another
// module imports a service, never a repository; api/src/modules/README.md).
export { findProduct, type ProductRow } from './repository';
