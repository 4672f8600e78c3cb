export { WorkRoomsPage as Component } from '../../features/work-rooms/components/WorkRoomsPage.tsx';
