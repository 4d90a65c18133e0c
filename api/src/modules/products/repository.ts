import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { findById, insertRow } from '../../db/rows';
import { loanProducts } from '../../db/schema';

export type ProductRow = typeof loanProducts.$inferSelect;
export type NewProductRow = typeof loanProducts.$inferInsert;

/** Every product, by name (case-insensitively), then id. */
export async function listProducts(tx: Executor): Promise<ProductRow[]> {
  return tx
    .select()
    .from(loanProducts)
    .orderBy(asc(sql`lower(${loanProducts.name})`), asc(loanProducts.id));
}

export const findProduct = (tx: Executor, id: number): Promise<ProductRow | undefined> =>
  findById(tx, loanProducts, id);

/** The product whose name matches case-insensitively (the unique index is on lower(name)). */
export async function findProductByName(tx: Executor, name: string): Promise<ProductRow | undefined> {
  const [row] = await tx
    .select()
    .from(loanProducts)
    .where(eq(sql`lower(${loanProducts.name})`, name.toLowerCase()))
    .limit(1);
  return row;
}

export const insertProduct = (tx: Executor, row: NewProductRow): Promise<ProductRow> =>
  insertRow(tx, loanProducts, row);
