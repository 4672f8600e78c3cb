import { BoardPortalPage } from '../../features/portals/board/components/BoardPortalPage.tsx';

export function Component() {
  return <BoardPortalPage />;
}
