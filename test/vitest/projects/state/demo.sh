# a comment
echo "hi"
