/** The names of delivery executions: one per attempt, so a redelivery is never refused as a duplicate. */
export const deliveryExecutionName = (cartId: string, attempt: 'first' | Date) =>
  attempt === 'first' ? `delivery-${cartId}` : `redelivery-${cartId}-${attempt.getTime()}`;
