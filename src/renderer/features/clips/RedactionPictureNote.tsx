import { CheckChoice } from '../exports/FolderPicker';

/**
 * Said before a redacted clip export (issue 21 §4): redaction replaces words, and a researcher sharing clips must
 * know what it cannot replace (a face, a name on screen, a voice) before they leave. Where the recordings have a
 * picture it offers to leave it out; sound-only recordings (audio or chat interviews) have none to leave out.
 */
export function RedactionPictureNote({ picture, audioOnly, onAudioOnly }: { picture: boolean; audioOnly: boolean; onAudioOnly: (on: boolean) => void }) {
  return (
    <div className="clips-redaction-note" role="note" aria-label="What redaction changes">
      <p>
        <strong>Redaction changes the words only</strong>: captions, file names and labels.{' '}
        {picture
          ? 'Faces, on-screen text and the voice in the recordings are unchanged.'
          : 'The voice is unchanged. These recordings have no picture, so there is no face or on-screen text to leave out.'}
      </p>
      {picture && (
        <CheckChoice
          label="Leave the picture out (audio and captions only)"
          hint="Each clip (and the reel) is written as sound only, with its redacted captions beside it in a .vtt file. The voice can still be recognised."
          checked={audioOnly}
          onChange={onAudioOnly}
        />
      )}
    </div>
  );
}
