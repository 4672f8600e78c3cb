/** Photos, videos and files where work is discussed (issue 26 item 2). */
export { AttachingComposer } from './components/AttachingComposer.tsx';
export { AttachmentGallery } from './components/AttachmentGallery.tsx';
export { FilesPanel } from './components/FilesPanel.tsx';
export { AttachButton, AttachmentTray } from './components/AttachmentTray.tsx';
export { WorkOrderPhotos } from './components/WorkOrderPhotos.tsx';
export { useAttachmentDraft, type AttachmentDraft } from './hooks/use-attachment-draft.ts';
export { attachmentKeys } from './api.ts';
