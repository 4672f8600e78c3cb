import { BoardLettersCard } from '../../features/letters/components/BoardLettersCard.tsx';
import { BoardPortalPage } from '../../features/portals/board/components/BoardPortalPage.tsx';

/** The board portal with the way to the association's letters: features meet here, not in each other. */
export function Component() {
  return <BoardPortalPage lettersCard={<BoardLettersCard />} />;
}
