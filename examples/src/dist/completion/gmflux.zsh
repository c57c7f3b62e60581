# zsh completion for gmflux: the bash completion generated from gmflux's command model, through
# zsh's bash-completion layer. In ~/.zshrc:  source /path/to/gmflux/completion/gmflux.zsh
autoload -U +X compinit && compinit
autoload -U +X bashcompinit && bashcompinit
source "${0:A:h}/gmflux.bash"
