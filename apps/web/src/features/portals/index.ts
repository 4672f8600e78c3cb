// What other features may use of the portals: the board's associations, for the cards the board portal
// is composed with (finance, letters).
export { BoardAssociationLinks, boardAssociationsQueryOptions } from './board/associations.tsx';
