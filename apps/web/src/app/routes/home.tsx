export { HomePage as Component } from '../../features/landing/components/HomePage.tsx';
