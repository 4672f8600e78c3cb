import { ManageAnnouncementsCard } from '../../features/announcements/components/AnnouncementPortalCards.tsx';
import { BoardLettersCard } from '../../features/letters/components/BoardLettersCard.tsx';
import { BoardBooksCard } from '../../features/finance/components/BoardBooksCard.tsx';
import { BoardFinanceCard } from '../../features/finance/components/BoardFinanceCard.tsx';
import { BoardPortalPage } from '../../features/portals/board/components/BoardPortalPage.tsx';
import { BoardViolationsCard } from '../../features/violations/components/BoardViolationsCard.tsx';
import { BoardHandoversCard } from '../../features/projects/index.ts';

/** The board portal with the ways to the association's announcements, letters, books, rules and the developer's hand-over: features meet here, not in each other. */
export function Component() {
  return (
    <BoardPortalPage
      announcementsCard={<ManageAnnouncementsCard />}
      lettersCard={<BoardLettersCard />}
      booksCard={<BoardBooksCard />}
      violationsCard={<BoardViolationsCard />}
      financeCard={<BoardFinanceCard />}
      handoverCard={<BoardHandoversCard />}
    />
  );
}
