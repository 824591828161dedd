# Drives zsh's completion for TestZshCompletionAnswers:
#   zsh zsh-complete.zsh FPATH_DIR LINE...
# runs an interactive zsh in a pseudo-terminal with FPATH_DIR on $fpath and
# compinit, types "rummage LINE<TAB>" for each LINE and prints the matches
# compadd was given as <<...>>, each LINE's output ending with \x1e (file
# names are added without compadd -A and are not seen).
zmodload zsh/zpty
zpty z zsh -f -i
zpty -w z "PROMPT='%%''P%% ' ; RPROMPT= ; fpath=($1 \$fpath); autoload -U compinit; compinit -u -D"
zpty -w z 'compadd () {
  if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return $?; fi
  typeset -a __hits
  builtin compadd -A __hits "$@"
  (( $#__hits == 0 )) && return 1
  print -r -- "<<${(j: :)__hits}>>"
  builtin compadd "$@"
}'
# The typed line echoes too: READY is spelt so that only its output
# matches, or the set-up's echo would leak into the first answer.
zpty -w z "bindkey '^I' complete-word; print REA''DY"
zpty -r z line '*READY*'
# Each line is typed at a fresh prompt (%P%), not ahead of it: typing ahead
# of the line editor loses the Tab now and then on a loaded machine.
zpty -r z line '*%P% *'
shift
for l in "$@"; do
  zpty -w z "rummage $l"$'\t\C-u'"print -r -- @@\$((6*7))@@"
  zpty -r z out '*@@42@@*'
  print -rn -- "$out"$'\x1e'
  zpty -r z line '*%P% *'
done
zpty -d z
