export { ChatPage as Component } from '../../features/chat/components/ChatPage.tsx';
