export { SystemSettingsPage as Component } from '../../features/settings/system/SystemSettingsPage.tsx';
