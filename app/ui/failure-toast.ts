import { m } from '../../src/paraglide/messages'
import { showToast, type Text } from './toast'

/**
 * A failed save: its messages under the title 'Fehlgeschlagen' / 'Failure',
 * where a failed load or call keeps the error toast 'Fehler' / 'Error'.
 */
export function showFailureToast(lines: ReadonlyArray<Text>): void {
  showToast({ title: () => m.failure_title(), lines, type: 'error' })
}
