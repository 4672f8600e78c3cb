/**
 * Where a notification about a decision item takes the person (the web's item page). Its own module:
 * the services that open items (architectural requests, collections) import it without the decisions
 * service, which imports them.
 */
export const decisionLink = (propertyId: string, itemId: string) => `/decisions/${propertyId}/${itemId}`;
