import type { Trio } from './vartext-vocab'

// System messages are composed of an area and a message pattern ('@' is the area's name).
export const SYSTEM_AREAS: ReadonlyArray<{ key: string; text: Trio }> = [
  { key: 'login', text: ['Anmeldung', 'login', 'connexion'] },
  { key: 'basket', text: ['Warenkorb', 'basket', 'panier'] },
  { key: 'company', text: ['Firma', 'company', 'société'] },
  { key: 'contact', text: ['Kontakt', 'contact', 'contact'] },
  { key: 'delivery', text: ['Lieferadresse', 'delivery address', 'adresse de livraison'] },
  { key: 'price', text: ['Preisliste', 'price list', 'liste de prix'] },
  { key: 'user', text: ['Benutzer', 'user', 'utilisateur'] },
  { key: 'catalog', text: ['Katalog', 'catalogue', 'catalogue'] },
  { key: 'upload', text: ['Datei', 'file', 'fichier'] },
  { key: 'line', text: ['Fertigungslinie', 'production line', 'ligne de production'] },
  { key: 'order', text: ['Auftrag', 'order', 'commande'] },
]

export const SYSTEM_MESSAGES: ReadonlyArray<{ key: string; text: Trio; description?: string }> = [
  {
    key: 'saved',
    text: [
      '@ wurde gespeichert',
      '@ has been saved',
      '@ a été enregistré(e)',
    ],
    description: 'Erfolgsmeldung (Toast)',
  },
  { key: 'not_found', text: ['@ {0} wurde nicht gefunden', '@ {0} was not found', '@ {0} introuvable'] },
  {
    key: 'load_failed',
    text: [
      '@ konnte nicht geladen werden: %s',
      'Could not load @: %s',
      'Impossible de charger @ : %s',
    ],
    description: '%s = Fehlermeldung des Servers',
  },
  { key: 'forbidden', text: ['Keine Berechtigung für @', 'No permission for @', 'Aucune autorisation pour @'] },
  { key: 'deleted', text: ['@ gelöscht', '@ deleted', '@ supprimé(e)'] },
  {
    key: 'confirm_delete',
    text: [
      'Möchten Sie @ <b>{name}</b> wirklich löschen?',
      'Do you really want to delete @ <b>{name}</b>?',
      'Voulez-vous vraiment supprimer @ <b>{name}</b> ?',
    ],
    description: 'Bestätigungsdialog',
  },
  {
    key: 'changed_by',
    text: [
      '@ geändert von {name} am {0}',
      '@ changed by {name} on {0}',
      '@ modifié(e) par {name} le {0}',
    ],
  },
  { key: 'count', text: ['%s Einträge in @', '%s entries in @', '%s entrées dans @'] },
  { key: 'empty', text: ['Keine Einträge für @ vorhanden', 'No entries for @', 'Aucune entrée pour @'] },
  { key: 'invalid', text: ['@: Eingabe ungültig', '@: invalid input', '@ : saisie invalide'] },
  { key: 'required', text: ['@: Pflichtfeld fehlt', '@: required field missing', '@ : champ obligatoire manquant'] },
  { key: 'locked', text: ['@ ist gesperrt', '@ is locked', '@ est verrouillé(e)'] },
  {
    key: 'updated',
    text: [
      '@ aktualisiert ({0} Änderungen)',
      '@ updated ({0} changes)',
      '@ mis(e) à jour ({0} modifications)',
    ],
  },
  {
    key: 'conflict',
    text: [
      '@ wurde zwischenzeitlich geändert',
      '@ was changed in the meantime',
      '@ a été modifié(e) entre-temps',
    ],
    description: 'Gleichzeitige Bearbeitung',
  },
  {
    key: 'timeout',
    text: [
      'Zeitüberschreitung beim Laden von @',
      'Timeout while loading @',
      'Délai dépassé lors du chargement de @',
    ],
  },
  {
    key: 'search_hint',
    text: [
      '@ suchen (mind. {0} Zeichen)',
      'Search @ (at least {0} characters)',
      'Rechercher @ (au moins {0} caractères)',
    ],
  },
  { key: 'created', text: ['@ angelegt', '@ created', '@ créé(e)'] },
  { key: 'export', text: ['@ exportieren', 'Export @', 'Exporter @'] },
  {
    key: 'import_done',
    text: [
      'Import @ abgeschlossen: <b>%s</b> neu',
      '@ import finished: <b>%s</b> new',
      'Import @ terminé : <b>%s</b> nouveaux',
    ],
  },
  { key: 'help', text: ['Hilfe zu @', 'Help for @', 'Aide pour @'] },
]
