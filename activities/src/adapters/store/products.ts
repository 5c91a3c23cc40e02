import type { SharedConfig } from '../../config';
import type { Plan } from '../../domain/entitlements';

/** The plans' product ids (one per plan, the same in both stores) and their reverse. */
export function storeProducts(config: SharedConfig): {
  productOf: (plan: Plan) => string;
  planOf: (productId: string) => Plan | undefined;
} {
  const products: Record<Plan, string> = {
    BASIC: config.STORE_PRODUCT_BASIC,
    PLUS: config.STORE_PRODUCT_PLUS,
    PREMIUM: config.STORE_PRODUCT_PREMIUM,
  };
  return {
    productOf: (plan) => products[plan],
    planOf: (productId) => (Object.keys(products) as Plan[]).find((p) => products[p] === productId),
  };
}
