import { z } from 'zod'
import { switchUserInput } from '../../../src/contract/session'

// The switch-user form's check, loaded on first use (use-zod-form.tsx): the address as typed,
// trimmed, then the /vue/switch-user/ body rule; the reason as the body takes it (trimmed, 3–200).
export const switchUserForm = z.object({ email: z.string().trim().pipe(switchUserInput.shape.email), reason: switchUserInput.shape.reason })
