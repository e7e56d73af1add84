import {
  ANNOUNCEMENT_CONTENT_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  configDefaults,
  errorTexts,
  type Priority,
  successTexts,
} from '@vip/contracts/plain';
import { type FormEvent, useState } from 'react';
import { fieldsByText, useFormFeedback } from '../../lib/formFeedback.tsx';
import { errorTextOf } from '../api/errorText.ts';
import { useCreateAnnouncementMutation } from './announcementsApi.ts';

const fieldOfProblem = fieldsByText({
  title: [new RegExp(`^Title must be at most ${ANNOUNCEMENT_TITLE_MAX}`), /^Title may not contain/],
  content: [new RegExp(`^Content must be at most ${ANNOUNCEMENT_CONTENT_MAX}`), /^Content may not contain/],
  priority: [errorTexts.invalidPriority],
});

const priorityLabel: Record<Priority, string> = { low: 'Low', medium: 'Medium', high: 'High' };

/** Spec §2/§4: the admin's announcement form; every open list receives the result live. */
export function CreateAnnouncementForm() {
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [priority, setPriority] = useState<Priority>(configDefaults.defaultPriority);
  const [createAnnouncement, { isLoading }] = useCreateAnnouncementMutation();
  const feedback = useFormFeedback('announcement-form', fieldOfProblem);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    if (!title.trim() || !content.trim()) {
      feedback.refused(errorTexts.fillAllFields, title.trim() ? 'content' : 'title');
      return;
    }
    try {
      await createAnnouncement({ title: title.trim(), content: content.trim(), priority }).unwrap();
      feedback.saved(successTexts.announcementCreated);
      setTitle('');
      setContent('');
      setPriority(configDefaults.defaultPriority);
    } catch (failure) {
      // keep what was typed, so that nothing is lost on a retry
      feedback.refused(errorTextOf(failure, errorTexts.failedToCreateAnnouncement));
    }
  }

  return (
    <form className="card create-announcement" onSubmit={handleSubmit} noValidate aria-labelledby="create-title">
      <h2 id="create-title">New announcement</h2>
      <div className="field">
        <label htmlFor="announcement-title">Title</label>
        <input
          id="announcement-title"
          maxLength={ANNOUNCEMENT_TITLE_MAX}
          required
          value={title}
          onChange={(e) => {
            setTitle(e.target.value);
            feedback.edited('title');
          }}
          {...feedback.fieldProps('title', 'announcement-title-hint')}
        />
        <p className="field-hint" id="announcement-title-hint">
          {title.length} of {ANNOUNCEMENT_TITLE_MAX} characters
        </p>
        {feedback.fieldError('title')}
      </div>
      <div className="field">
        <label htmlFor="announcement-content">Content</label>
        <textarea
          id="announcement-content"
          rows={5}
          maxLength={ANNOUNCEMENT_CONTENT_MAX}
          required
          value={content}
          onChange={(e) => {
            setContent(e.target.value);
            feedback.edited('content');
          }}
          {...feedback.fieldProps('content', 'announcement-content-hint')}
        />
        <p className="field-hint" id="announcement-content-hint">
          {content.length} of {ANNOUNCEMENT_CONTENT_MAX} characters. **bold**, *italics*, `code` and links (https://…)
          are shown as such.
        </p>
        {feedback.fieldError('content')}
      </div>
      <div className="field">
        <label htmlFor="announcement-priority">Priority</label>
        <select id="announcement-priority" value={priority} onChange={(e) => setPriority(e.target.value as Priority)}>
          {configDefaults.priorities.map((value) => (
            <option key={value} value={value}>
              {priorityLabel[value]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button-primary" disabled={isLoading}>
        {isLoading ? 'Creating...' : 'Create Announcement'}
      </button>
    </form>
  );
}
