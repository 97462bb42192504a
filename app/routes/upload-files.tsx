import { createFileRoute } from '@tanstack/react-router'
import { FilesUploadScreen } from '../features/prices/files-upload-screen'
import { PermissionGate, hasGroup } from '../features/session/permission-gate'
import { pageHead, requireLogin } from '../features/session/route-guards'
import { m } from '../../src/paraglide/messages'

export const Route = createFileRoute('/upload-files')({
  beforeLoad: ({ context, location }) => {
    requireLogin(context.session, location.href)
  },
  // The menu's word (the same in both languages): one message less in the route tree.
  head: ({ match }) => pageHead(m.menu_upload_files(), match.context.session),
  component: FilesUploadRoute,
})

function FilesUploadRoute() {
  const { session } = Route.useRouteContext()
  return (
    <PermissionGate session={session} permission="CAN_UPLOAD" title={m.files_upload_title()}>
      <FilesUploadScreen canTranslate={hasGroup(session, 'CAN_TRANSLATE')} />
    </PermissionGate>
  )
}
