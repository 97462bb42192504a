import { ApiError } from '../endpoint/errors.server'
import { logger } from './logger.server'
import { recordJob, type JobOutcome } from './metrics.server'

export type JobName = 'price_check' | 'price_apply' | 'xml_import' | 'company_move'

/**
 * Runs one of the long jobs, timed: a line in the log (with the request's id) and an
 * observation of portal_job_duration_seconds, `refused` when it ended with an answer about its
 * input (a typed error), `failed` on anything else.
 */
export async function timeJob<T>(job: JobName, work: () => Promise<T>): Promise<T> {
  const began = performance.now()
  let outcome: JobOutcome = 'failed'
  try {
    const result = await work()
    outcome = 'done'
    return result
  } catch (error) {
    if (error instanceof ApiError) outcome = 'refused'
    throw error
  } finally {
    const seconds = (performance.now() - began) / 1000
    recordJob(job, outcome, seconds)
    logger().info({ job, outcome, durationMs: Math.round(seconds * 1000) }, `${job} ${outcome}`)
  }
}
