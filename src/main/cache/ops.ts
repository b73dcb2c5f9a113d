import type { CacheDb } from './open';
import * as interviews from './queries/interviews';
import * as jobs from './queries/jobs';
import * as launches from './queries/launch-charges';
import * as codes from './queries/codes';
import * as coding from './queries/coding';
import * as codeSegments from './queries/code-segments';
import * as extras from './queries/project-extras';
import * as grid from './queries/grid';
import * as projects from './queries/projects';
import * as participants from './queries/participant-codes';
import * as qdpxImport from './queries/qdpx-import';
import * as redaction from './queries/redaction';
import * as redactionReview from './queries/redaction-review';
import * as reels from './queries/reels';
import * as reportVersions from './queries/report-versions';
import * as reports from './queries/reports';
import * as search from './queries/search';
import * as searchIndex from './queries/search-index';
import * as searchQuestions from './queries/search-questions';
import * as turnKey from './queries/turn-key';
import * as user from './queries/user-data';

/**
 * Every cache operation by name. The same table runs in-process (tests, small tools) or inside the
 * cache worker thread (the app and the CLI), so callers cannot tell the difference.
 */
export const cacheOps = {
  'projects.saveList': projects.saveProjectList,
  'projects.list': projects.listProjects,
  'projects.get': projects.getProject,
  'projects.saveGuide': projects.saveGuide,
  'interviews.saveLightPage': interviews.saveLightPage,
  'interviews.saveFullRecords': interviews.saveFullRecords,
  'interviews.pendingDetailIds': interviews.pendingDetailIds,
  'turns.beginBulkLoad': turnKey.beginTurnBulkLoad,
  'turns.endBulkLoad': turnKey.endTurnBulkLoad,
  'interviews.count': interviews.countInterviews,
  'interviews.countNotComplete': interviews.countNotComplete,
  'interviews.countOpenWithTime': interviews.countOpenWithTime,
  'interviews.ids': interviews.interviewIds,
  'interviews.list': interviews.listInterviews,
  'interviews.neighbours': interviews.interviewNeighbours,
  'interviews.get': interviews.getInterview,
  'interviews.liveVideoUrl': interviews.liveVideoUrl,
  'interviews.updateVideoLink': interviews.updateVideoLink,
  'stimuli.save': extras.saveStimuli,
  'stimuli.list': extras.listStimuli,
  'embeds.save': extras.saveEmbed,
  'embeds.get': extras.getEmbed,
  'credits.save': extras.saveCredits,
  'credits.get': extras.getCredits,
  'launches.saveCharge': launches.saveLaunchCharge,
  'launches.lastPrice': launches.lastLaunchPrice,
  'sideReads.save': extras.saveSideRead,
  'sideReads.gaps': extras.sideReadGaps,
  'reports.save': reports.saveReport,
  'reports.get': reports.getReport,
  'reports.versions': reportVersions.listReportVersions,
  'reports.version': reportVersions.getReportVersion,
  'search.query': search.search,
  'search.locateQuote': search.locateQuote,
  'search.askedIn': searchQuestions.askedInPage,
  'search.backlog': searchIndex.searchBacklog,
  'search.indexBacklog': searchIndex.indexBacklog,
  'highlights.add': user.addHighlight,
  'highlights.update': user.updateHighlight,
  'highlights.delete': user.deleteHighlight,
  'highlights.list': user.listHighlights,
  'highlights.tags': user.listTags,
  'highlights.coders': user.listCoders,
  'codes.list': codes.listCodes,
  'codes.get': codes.getCode,
  'codes.create': codes.createCode,
  'codes.ensure': codes.ensureCodes,
  'codes.update': codes.updateCode,
  'codes.merge': codes.mergeCodes,
  'codes.delete': codes.deleteCode,
  'coding.transcripts': coding.transcripts,
  'coding.replaceCoder': coding.replaceCoderCodings,
  'coding.segments': coding.codedSegments,
  'coding.turnLengths': coding.turnLengths,
  'coding.turnsAt': coding.turnsAt,
  'codes.segments': codeSegments.listCodeSegments,
  'codes.segmentCount': codeSegments.countCodeSegments,
  'codes.segmentFacets': codeSegments.codeSegmentFacets,
  'codes.alignmentTurns': codeSegments.alignmentTurns,
  'codes.transcriptVersions': codeSegments.transcriptVersions,
  /** The study's interviews by their participant code's number ("P07" is 7): stored, so the same everywhere and always. */
  'interviews.numbers': (db: CacheDb, args: { projectId: string }) => Object.fromEntries(codeSegments.interviewNumbers(db, args)) as Record<string, number>,
  'participants.assign': participants.assignParticipantCodes,
  'participants.list': participants.listParticipants,
  'imports.applyQdpx': qdpxImport.applyQdpx,
  'grid.source': grid.gridSource,
  'grid.questions': grid.studyQuestions,
  'grid.build': grid.buildGrid,
  'redaction.scan': redaction.scanStudy,
  'redaction.scanStamp': redaction.scanStamp,
  'redaction.decisions': redaction.listDecisions,
  'redaction.decide': redaction.decide,
  'redaction.decideMany': redaction.decideMany,
  'redaction.terms': redaction.listTerms,
  'redaction.addTerm': redaction.addTerm,
  'redaction.removeTerm': redaction.removeTerm,
  'redaction.mapping': redaction.getMapping,
  'redaction.saveMapping': redaction.saveMapping,
  'redaction.mentions': redactionReview.findMentions,
  'redaction.reviewed': redactionReview.listReviewed,
  'redaction.markReviewed': redactionReview.markReviewed,
  'reels.list': reels.listReels,
  'reels.get': reels.getReel,
  'reels.create': reels.createReel,
  'reels.rename': reels.renameReel,
  'reels.delete': reels.deleteReel,
  'reels.addItems': reels.addReelItems,
  'reels.removeItem': reels.removeReelItem,
  'reels.move': reels.moveReelItem,
  'notes.add': user.addNote,
  'notes.list': user.listNotes,
  'sync.started': jobs.syncStarted,
  'sync.finished': jobs.syncFinished,
  'sync.state': jobs.getSyncState,
  'polls.save': jobs.savePoll,
  'polls.get': jobs.getPoll,
  'polls.active': jobs.activePolls,
  'videos.save': jobs.saveVideo,
  'videos.get': jobs.getVideo,
  'videos.list': jobs.listVideos,
  'videos.delete': jobs.deleteVideo,
  'videos.bytesUsed': jobs.videoBytesUsed,
  'db.integrityCheck': (db: CacheDb) => db.pragma('integrity_check', { simple: true }) as string,
} satisfies Record<string, (db: CacheDb, args: never) => unknown>;

export type CacheOps = typeof cacheOps;
export type OpName = keyof CacheOps;
export type OpArgs<K extends OpName> = Parameters<CacheOps[K]> extends [CacheDb, infer A] ? A : undefined;
export type OpResult<K extends OpName> = ReturnType<CacheOps[K]>;
